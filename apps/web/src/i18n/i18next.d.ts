import 'i18next';
import type de from './de.json';
import type { featureResources } from './namespaces';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de } & (typeof featureResources)['de'];
  }
}
