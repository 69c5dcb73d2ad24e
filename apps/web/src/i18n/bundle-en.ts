// The English texts of every feature namespace, one chunk per language, loaded with the signed-in
// screens and the public pages other than the login (src/i18n/index.ts); the shared `translation`
// bundle (en.json) is a chunk of its own, loaded before the first render.
import board from '../features/board/locales/en.json';
import customer from '../features/customer/locales/en.json';
import customerView from '../features/customer-view/locales/en.json';
import dashboard from '../features/dashboard/locales/en.json';
import help from '../features/help/locales/en.json';
import listing from '../features/listing/locales/en.json';
import map from '../features/map/locales/en.json';
import notifications from '../features/notifications/locales/en.json';
import offers from '../features/offers/locales/en.json';
import overview from '../features/overview/locales/en.json';
import pipeline from '../features/pipeline/locales/en.json';
import planning from '../features/planning-data/locales/en.json';
import plans from '../features/plans/locales/en.json';
import products from '../features/products/locales/en.json';
import profile from '../features/profile/locales/en.json';
import projectView from '../features/project-view/locales/en.json';
// The meeting booking opens from the app shell and the plans, both behind the login.
import meeting from '../layout/locales/meeting/en.json';

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
