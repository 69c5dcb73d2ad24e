// The German texts of every feature namespace, one chunk per language, loaded with the signed-in
// screens and the public pages other than the login (src/i18n/index.ts); the shared `translation`
// bundle (de.json) is a chunk of its own, loaded before the first render.
import board from '../features/board/locales/de.json';
import customer from '../features/customer/locales/de.json';
import customerView from '../features/customer-view/locales/de.json';
import dashboard from '../features/dashboard/locales/de.json';
import help from '../features/help/locales/de.json';
import listing from '../features/listing/locales/de.json';
import map from '../features/map/locales/de.json';
import notifications from '../features/notifications/locales/de.json';
import offers from '../features/offers/locales/de.json';
import overview from '../features/overview/locales/de.json';
import pipeline from '../features/pipeline/locales/de.json';
import planning from '../features/planning-data/locales/de.json';
import plans from '../features/plans/locales/de.json';
import products from '../features/products/locales/de.json';
import profile from '../features/profile/locales/de.json';
import projectView from '../features/project-view/locales/de.json';
// The meeting booking opens from the app shell and the plans, both behind the login.
import meeting from '../layout/locales/meeting/de.json';

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
