// The vi texts: the base file plus the technical areas, served under `technical.<area>`.
import base from '../locales/vi.json';
import home from '../locales/technical/home.vi.json';
import datasets from '../locales/technical/datasets.vi.json';
import extraction from '../locales/technical/extraction.vi.json';
import annotation from '../locales/technical/annotation.vi.json';
import labels from '../locales/technical/labels.vi.json';
import segmentation from '../locales/technical/segmentation.vi.json';
import maskExtraction from '../locales/technical/maskExtraction.vi.json';
import morphology from '../locales/technical/morphology.vi.json';
import training from '../locales/technical/training.vi.json';
import prediction from '../locales/technical/prediction.vi.json';

/** Every vi text of the app. */
export const vi = {
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
