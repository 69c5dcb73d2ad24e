// Feature namespaces: each screen area keeps its texts beside its code, so areas never edit one file.
// The bundles are assembled per language in bundle-<language>.ts; the app loads one at a time.
import { bundle as de } from './bundle-de';
import { bundle as en } from './bundle-en';
import { bundle as es } from './bundle-es';

/** The feature namespaces of each language (the shared `translation` bundle is in `<language>.json`). */
export const featureResources = { de, en, es } as const;
