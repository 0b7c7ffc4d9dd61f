/** The protocol shown for reading (issue 27 item 7): groups of four, the digits unchanged. */
import { describe, expect, it } from 'vitest';
import { groupInFours } from '../../src/ui/protocol-groups';

describe('groupInFours', () => {
  it('shows a 20-digit protocol in five groups of four', () => {
    expect(groupInFours('20260001234567890123')).toBe('2026 0001 2345 6789 0123');
  });

  it('leaves the last group short and never ends with a space', () => {
    expect(groupInFours('20260001234567')).toBe('2026 0001 2345 67');
    expect(groupInFours('2026')).toBe('2026');
    expect(groupInFours('')).toBe('');
  });

  it('takes the digits as given, spaces or not', () => {
    expect(groupInFours('2026 0001 23')).toBe('2026 0001 23');
  });
});
