// The technical workflow's texts live in one file per screen area and language, so that the areas
// can be written side by side; they are served under `technical.<area>`.
import enBase from './locales/en.json';
import enHome from './locales/technical/home.en.json';
import enDatasets from './locales/technical/datasets.en.json';
import enExtraction from './locales/technical/extraction.en.json';
import enAnnotation from './locales/technical/annotation.en.json';
import enLabels from './locales/technical/labels.en.json';
import enSegmentation from './locales/technical/segmentation.en.json';
import enMaskExtraction from './locales/technical/maskExtraction.en.json';
import enMorphology from './locales/technical/morphology.en.json';
import enTraining from './locales/technical/training.en.json';
import enPrediction from './locales/technical/prediction.en.json';
import viBase from './locales/vi.json';
import viHome from './locales/technical/home.vi.json';
import viDatasets from './locales/technical/datasets.vi.json';
import viExtraction from './locales/technical/extraction.vi.json';
import viAnnotation from './locales/technical/annotation.vi.json';
import viLabels from './locales/technical/labels.vi.json';
import viSegmentation from './locales/technical/segmentation.vi.json';
import viMaskExtraction from './locales/technical/maskExtraction.vi.json';
import viMorphology from './locales/technical/morphology.vi.json';
import viTraining from './locales/technical/training.vi.json';
import viPrediction from './locales/technical/prediction.vi.json';
import frBase from './locales/fr.json';
import frHome from './locales/technical/home.fr.json';
import frDatasets from './locales/technical/datasets.fr.json';
import frExtraction from './locales/technical/extraction.fr.json';
import frAnnotation from './locales/technical/annotation.fr.json';
import frLabels from './locales/technical/labels.fr.json';
import frSegmentation from './locales/technical/segmentation.fr.json';
import frMaskExtraction from './locales/technical/maskExtraction.fr.json';
import frMorphology from './locales/technical/morphology.fr.json';
import frTraining from './locales/technical/training.fr.json';
import frPrediction from './locales/technical/prediction.fr.json';
import esBase from './locales/es.json';
import esHome from './locales/technical/home.es.json';
import esDatasets from './locales/technical/datasets.es.json';
import esExtraction from './locales/technical/extraction.es.json';
import esAnnotation from './locales/technical/annotation.es.json';
import esLabels from './locales/technical/labels.es.json';
import esSegmentation from './locales/technical/segmentation.es.json';
import esMaskExtraction from './locales/technical/maskExtraction.es.json';
import esMorphology from './locales/technical/morphology.es.json';
import esTraining from './locales/technical/training.es.json';
import esPrediction from './locales/technical/prediction.es.json';

const enTechnical = {
  home: enHome,
  datasets: enDatasets,
  extraction: enExtraction,
  annotation: enAnnotation,
  labels: enLabels,
  segmentation: enSegmentation,
  maskExtraction: enMaskExtraction,
  morphology: enMorphology,
  training: enTraining,
  prediction: enPrediction,
};
const viTechnical = {
  home: viHome,
  datasets: viDatasets,
  extraction: viExtraction,
  annotation: viAnnotation,
  labels: viLabels,
  segmentation: viSegmentation,
  maskExtraction: viMaskExtraction,
  morphology: viMorphology,
  training: viTraining,
  prediction: viPrediction,
};
const frTechnical = {
  home: frHome,
  datasets: frDatasets,
  extraction: frExtraction,
  annotation: frAnnotation,
  labels: frLabels,
  segmentation: frSegmentation,
  maskExtraction: frMaskExtraction,
  morphology: frMorphology,
  training: frTraining,
  prediction: frPrediction,
};
const esTechnical = {
  home: esHome,
  datasets: esDatasets,
  extraction: esExtraction,
  annotation: esAnnotation,
  labels: esLabels,
  segmentation: esSegmentation,
  maskExtraction: esMaskExtraction,
  morphology: esMorphology,
  training: esTraining,
  prediction: esPrediction,
};

/** Every language's texts: the base file plus the technical areas. */
export const en = { ...enBase, technical: enTechnical };
export const vi = { ...viBase, technical: viTechnical };
export const fr = { ...frBase, technical: frTechnical };
export const es = { ...esBase, technical: esTechnical };
