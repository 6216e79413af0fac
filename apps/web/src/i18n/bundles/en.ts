// The en texts: the base file plus the technical areas, served under `technical.<area>`.
import base from '../locales/en.json';
import { enTechnical } from './enTechnical';

/** Every en text of the app. */
export const en = { ...base, technical: enTechnical };
