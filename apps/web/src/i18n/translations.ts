// Every language's texts, one module per language under bundles/ (the base file plus the technical
// areas, served under `technical.<area>`). The app bundles English and fetches the others when
// chosen (index.ts); the tests and the typed keys read them all from here.
export { en } from './bundles/en';
export { es } from './bundles/es';
export { fr } from './bundles/fr';
export { vi } from './bundles/vi';
