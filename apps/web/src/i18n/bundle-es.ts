// The Spanish texts of every feature namespace, one chunk per language, loaded with the signed-in
// screens and the public pages other than the login (src/i18n/index.ts); the shared `translation`
// bundle (es.json) is a chunk of its own, loaded before the first render.
import board from '../features/board/locales/es.json';
import customer from '../features/customer/locales/es.json';
import customerView from '../features/customer-view/locales/es.json';
import dashboard from '../features/dashboard/locales/es.json';
import help from '../features/help/locales/es.json';
import listing from '../features/listing/locales/es.json';
import map from '../features/map/locales/es.json';
import notifications from '../features/notifications/locales/es.json';
import offers from '../features/offers/locales/es.json';
import overview from '../features/overview/locales/es.json';
import pipeline from '../features/pipeline/locales/es.json';
import planning from '../features/planning-data/locales/es.json';
import plans from '../features/plans/locales/es.json';
import products from '../features/products/locales/es.json';
import profile from '../features/profile/locales/es.json';
import projectView from '../features/project-view/locales/es.json';
// The meeting booking opens from the app shell and the plans, both behind the login.
import meeting from '../layout/locales/meeting/es.json';

export const bundle = {
  board,
  customerView,
  offers,
  plans,
  customer,
  dashboard,
  help,
  listing,
  map,
  meeting,
  notifications,
  overview,
  pipeline,
  planning,
  products,
  profile,
  projectView,
} as const;
