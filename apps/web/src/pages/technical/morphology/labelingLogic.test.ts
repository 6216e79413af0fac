import { describe, expect, it } from 'vitest';
import {
  clampConfidence,
  classificationsPayload,
  classifiedCount,
  initialClassifications,
  labelingClassOf,
  labelingStatus,
  normalFormsVerdict,
  displayedClass,
  labelingActionFor,
  stepObject,
  type CropClassification,
} from './labelingLogic';

const item = (detection: string, morphology: string | null, className = 'sperm') => ({
  detection_id: detection,
  class_name: className,
  morphology_class: morphology,
  annotator_confidence: 4,
  notes: 'seen',
});

describe('morphology labeling logic', () => {
  it('maps stored classes back to the labeling classes and keeps unmapped ones null', () => {
    expect(labelingClassOf('head_defect')).toBe('abnormal_head');
    expect(labelingClassOf('cytoplasmic_droplet')).toBe('cytoplasmic_droplet');
    expect(labelingClassOf('multiple_defects')).toBeNull();
    expect(labelingClassOf('sperm')).toBeNull();
  });

  it('starts classified the crops whose items carry a class, preferring the labeling class name', () => {
    const start = initialClassifications(
      ['a', 'b', 'c'],
      [
        item('a', 'midpiece_defect', 'cytoplasmic_droplet'),
        item('b', null),
        item('z', 'normal'),
        item('c', 'multiple_defects'),
      ],
    );
    expect([...start.keys()]).toEqual(['a', 'c']);
    expect(start.get('a')).toEqual({
      className: 'cytoplasmic_droplet',
      confidence: 4,
      notes: 'seen',
    });
    expect(start.get('c')?.className).toBe('multiple_defects');
  });

  it('is In Progress until every crop is classified, and never Complete without crops', () => {
    expect(labelingStatus(1, 2)).toBe('inProgress');
    expect(labelingStatus(2, 2)).toBe('complete');
    expect(labelingStatus(0, 0)).toBe('inProgress');
  });

  it('counts and sends only the classified crops of the page, in crop order, confidence 1-5', () => {
    const classified = new Map<string, CropClassification>([
      ['b', { className: 'abnormal_tail', confidence: 9, notes: ' bent ' }],
      ['a', { className: 'normal', confidence: 2.4, notes: '' }],
      ['gone', { className: 'normal', confidence: 3, notes: '' }],
    ]);
    expect(classifiedCount(['a', 'b', 'c'], classified)).toBe(2);
    expect(classificationsPayload(['a', 'b', 'c'], classified)).toEqual([
      { detection_id: 'a', class: 'normal', confidence: 2, notes: '' },
      { detection_id: 'b', class: 'abnormal_tail', confidence: 5, notes: 'bent' },
    ]);
  });

  it('defaults a missing confidence to 3 and judges normal forms against the reference', () => {
    expect(clampConfidence(null)).toBe(3);
    expect(clampConfidence(0)).toBe(1);
    expect(normalFormsVerdict(null, 4)).toBeNull();
    expect(normalFormsVerdict(4, 4)).toBe('above');
    expect(normalFormsVerdict(3.9, 4)).toBe('below');
  });

  it('shows an item by its named class, else its stored class, else unknown', () => {
    expect(
      displayedClass({ class_name: 'cytoplasmic_droplet', morphology_class: 'midpiece_defect' }),
    ).toBe('cytoplasmic_droplet');
    expect(displayedClass({ class_name: 'sperm', morphology_class: 'tail_defect' })).toBe(
      'tail_defect',
    );
    expect(displayedClass({ class_name: 'sperm', morphology_class: null })).toBe('unknown');
  });

  it('maps digits 1-5 to the classes in list order, Enter to apply, arrows to objects', () => {
    const press = (key: string, ctrlKey = false) => ({
      key,
      ctrlKey,
      metaKey: false,
      altKey: false,
    });
    expect(labelingActionFor(press('1'))).toEqual({ chooseClass: 'normal' });
    expect(labelingActionFor(press('5'))).toEqual({ chooseClass: 'cytoplasmic_droplet' });
    expect(labelingActionFor(press('6'))).toBeNull();
    expect(labelingActionFor(press('0'))).toBeNull();
    expect(labelingActionFor(press('Enter'))).toBe('apply');
    expect(labelingActionFor(press('ArrowLeft'))).toBe('previousObject');
    expect(labelingActionFor(press('1', true))).toBeNull();
  });

  it('steps through the objects without leaving the list', () => {
    expect(stepObject(['a', 'b'], null, 1)).toBe('a');
    expect(stepObject(['a', 'b'], null, -1)).toBe('b');
    expect(stepObject(['a', 'b'], 'b', 1)).toBe('b');
    expect(stepObject(['a', 'b'], 'b', -1)).toBe('a');
    expect(stepObject([], 'a', 1)).toBeNull();
  });
});
