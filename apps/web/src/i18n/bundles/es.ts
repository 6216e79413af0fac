// The es texts: the base file plus the technical areas, served under `technical.<area>`.
import base from '../locales/es.json';
import home from '../locales/technical/home.es.json';
import datasets from '../locales/technical/datasets.es.json';
import extraction from '../locales/technical/extraction.es.json';
import annotation from '../locales/technical/annotation.es.json';
import labels from '../locales/technical/labels.es.json';
import segmentation from '../locales/technical/segmentation.es.json';
import maskExtraction from '../locales/technical/maskExtraction.es.json';
import morphology from '../locales/technical/morphology.es.json';
import training from '../locales/technical/training.es.json';
import prediction from '../locales/technical/prediction.es.json';

/** Every es text of the app. */
export const es = {
  ...base,
  technical: {
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
  },
};
