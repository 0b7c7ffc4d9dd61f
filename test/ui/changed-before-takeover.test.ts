// @vitest-environment jsdom
/** What was typed on a painted control is taken once by its own control, and by no control of another screen (src/ui/changed-before-takeover.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { notePaintedControls, takeChangedBeforeTakeover } from '../../src/ui/changed-before-takeover';

function paint(): HTMLInputElement {
  document.body.innerHTML = '<div id="root"><input id="r1" type="text" value=""></div>';
  notePaintedControls(document.getElementById('root')!);
  const input = document.getElementById('r1') as HTMLInputElement;
  input.value = 'Maria';
  return input;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a painted control', () => {
  it('hands what was typed on it to its control, once', () => {
    paint();
    expect(takeChangedBeforeTakeover('r1')).toBe('Maria');
    expect(takeChangedBeforeTakeover('r1')).toBeUndefined();
  });

  it('hands nothing to a control of another screen with the same id, once the person left for it', () => {
    paint();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(takeChangedBeforeTakeover('r1')).toBeUndefined();
  });
});
