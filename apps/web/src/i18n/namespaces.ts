// Feature namespaces: each screen area keeps its texts beside its code, so areas never edit one file.
import boardDe from '../features/board/locales/de.json';
import boardEn from '../features/board/locales/en.json';
import boardEs from '../features/board/locales/es.json';
import customerDe from '../features/customer/locales/de.json';
import customerEn from '../features/customer/locales/en.json';
import customerEs from '../features/customer/locales/es.json';
import customerViewDe from '../features/customer-view/locales/de.json';
import customerViewEn from '../features/customer-view/locales/en.json';
import customerViewEs from '../features/customer-view/locales/es.json';
import dashboardDe from '../features/dashboard/locales/de.json';
import dashboardEn from '../features/dashboard/locales/en.json';
import dashboardEs from '../features/dashboard/locales/es.json';
import helpDe from '../features/help/locales/de.json';
import helpEn from '../features/help/locales/en.json';
import helpEs from '../features/help/locales/es.json';
import listingDe from '../features/listing/locales/de.json';
import listingEn from '../features/listing/locales/en.json';
import listingEs from '../features/listing/locales/es.json';
import mapDe from '../features/map/locales/de.json';
import mapEn from '../features/map/locales/en.json';
import mapEs from '../features/map/locales/es.json';
import offersDe from '../features/offers/locales/de.json';
import offersEn from '../features/offers/locales/en.json';
import offersEs from '../features/offers/locales/es.json';
import overviewDe from '../features/overview/locales/de.json';
import overviewEn from '../features/overview/locales/en.json';
import overviewEs from '../features/overview/locales/es.json';
import pipelineDe from '../features/pipeline/locales/de.json';
import pipelineEn from '../features/pipeline/locales/en.json';
import pipelineEs from '../features/pipeline/locales/es.json';
import planningDe from '../features/planning-data/locales/de.json';
import planningEn from '../features/planning-data/locales/en.json';
import planningEs from '../features/planning-data/locales/es.json';
import plansDe from '../features/plans/locales/de.json';
import plansEn from '../features/plans/locales/en.json';
import plansEs from '../features/plans/locales/es.json';
import productsDe from '../features/products/locales/de.json';
import productsEn from '../features/products/locales/en.json';
import productsEs from '../features/products/locales/es.json';
import projectViewDe from '../features/project-view/locales/de.json';
import projectViewEn from '../features/project-view/locales/en.json';
import projectViewEs from '../features/project-view/locales/es.json';

export const featureResources = {
  de: {
    board: boardDe,
    customerView: customerViewDe,
    offers: offersDe,
    plans: plansDe,
    customer: customerDe,
    dashboard: dashboardDe,
    help: helpDe,
    listing: listingDe,
    map: mapDe,
    overview: overviewDe,
    pipeline: pipelineDe,
    planning: planningDe,
    products: productsDe,
    projectView: projectViewDe,
  },
  en: {
    board: boardEn,
    customerView: customerViewEn,
    offers: offersEn,
    plans: plansEn,
    customer: customerEn,
    dashboard: dashboardEn,
    help: helpEn,
    listing: listingEn,
    map: mapEn,
    overview: overviewEn,
    pipeline: pipelineEn,
    planning: planningEn,
    products: productsEn,
    projectView: projectViewEn,
  },
  es: {
    board: boardEs,
    customerView: customerViewEs,
    offers: offersEs,
    plans: plansEs,
    customer: customerEs,
    dashboard: dashboardEs,
    help: helpEs,
    listing: listingEs,
    map: mapEs,
    overview: overviewEs,
    pipeline: pipelineEs,
    planning: planningEs,
    products: productsEs,
    projectView: projectViewEs,
  },
} as const;
