// @vitest-environment jsdom
/** The draft kept on this device that cannot be read is deleted, and the person told once (src/app/device-draft.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';

const warning = vi.fn();
vi.mock('../../../src/app/notify', () => ({ notify: { warning } }));

const { DEVICE_DRAFT_UNREADABLE, readDeviceDraft } = await import('../../../src/app/device-draft');
const { deviceDraftKey } = await import('../../../src/storage');
const DEVICE_DRAFT_KEY = deviceDraftKey('111');

afterEach(() => {
  window.localStorage.clear();
  warning.mockClear();
});

describe('the draft kept on this device', () => {
  it.each([['{"expiresAt":'], ['null'], ['{"snapshot":{"status":"active"}}']])('garbled (%s): deleted, and said once', (raw) => {
    window.localStorage.setItem(DEVICE_DRAFT_KEY, raw);
    expect(readDeviceDraft('111')).toBeNull();
    expect(readDeviceDraft('111')).toBeNull();
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();
    expect(warning.mock.calls).toEqual([[DEVICE_DRAFT_UNREADABLE, 'device-draft-unreadable']]);
  });

  it('expired: deleted without a word', () => {
    window.localStorage.setItem(
      DEVICE_DRAFT_KEY,
      JSON.stringify({ expiresAt: Date.now() - 1, snapshot: { status: 'active', context: { protocoloAns: '111' } } }),
    );
    expect(readDeviceDraft('111')).toBeNull();
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();
    expect(warning).not.toHaveBeenCalled();
  });
});
