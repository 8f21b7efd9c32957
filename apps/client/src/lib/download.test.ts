import { describe, expect, it } from 'vitest';
import { fileStem } from './download';

describe('file names', () => {
  it('keeps letters and digits, folds accents, and never leaves a name empty', () => {
    expect(fileStem('Kai “Iron Jaw” Mbeki')).toBe('kai-iron-jaw-mbeki');
    expect(fileStem('Zoë de Sá')).toBe('zoe-de-sa');
    expect(fileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(fileStem('‮<script>')).toBe('script');
    expect(fileStem('💀')).toBe('fateboard');
  });
});
