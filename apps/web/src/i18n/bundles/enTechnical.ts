// The English texts of the technical screens, served under `technical.<area>`: fetched with the
// technical pages' chunk (index.ts loadTechnicalTexts), as no other screen reads them.
import home from '../locales/technical/home.en.json';
import datasets from '../locales/technical/datasets.en.json';
import extraction from '../locales/technical/extraction.en.json';
import annotation from '../locales/technical/annotation.en.json';
import labels from '../locales/technical/labels.en.json';
import segmentation from '../locales/technical/segmentation.en.json';
import maskExtraction from '../locales/technical/maskExtraction.en.json';
import morphology from '../locales/technical/morphology.en.json';
import training from '../locales/technical/training.en.json';
import prediction from '../locales/technical/prediction.en.json';

/** The technical areas' English texts. */
export const enTechnical = {
  home,
  datasets,
  extraction,
  annotation,
  labels,
  segmentation,
  maskExtraction,
  morphology,
  training,
  prediction,
};
