// The fr texts: the base file plus the technical areas, served under `technical.<area>`.
import base from '../locales/fr.json';
import home from '../locales/technical/home.fr.json';
import datasets from '../locales/technical/datasets.fr.json';
import extraction from '../locales/technical/extraction.fr.json';
import annotation from '../locales/technical/annotation.fr.json';
import labels from '../locales/technical/labels.fr.json';
import segmentation from '../locales/technical/segmentation.fr.json';
import maskExtraction from '../locales/technical/maskExtraction.fr.json';
import morphology from '../locales/technical/morphology.fr.json';
import training from '../locales/technical/training.fr.json';
import prediction from '../locales/technical/prediction.fr.json';

/** Every fr text of the app. */
export const fr = {
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
