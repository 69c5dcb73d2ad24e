// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFocusOnBusyButtons } from './busy-focus';

/**
 * What Chromium does to a focused button that is disabled: the focus goes to the body, with a focusout
 * whose target is disabled by then (happy-dom keeps the focus on it, so the steps are played by hand).
 */
function disable(button: HTMLButtonElement) {
  button.blur();
  button.disabled = true;
  button.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocusOnBusyButtons', () => {
  let remove: () => void = () => {};
  let save: HTMLButtonElement;
  let other: HTMLInputElement;

  beforeEach(() => {
    document.body.innerHTML = '<input id="other" /><button id="save">Save</button>';
    save = document.getElementById('save') as HTMLButtonElement;
    other = document.getElementById('other') as HTMLInputElement;
    remove = keepFocusOnBusyButtons(document);
  });
  afterEach(() => remove());

  it('gives the focus back to a button that was busy once it is enabled again', async () => {
    save.focus();
    disable(save);
    expect(document.activeElement).toBe(document.body);
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(save);
  });

  it('leaves the focus where the user put it meanwhile', async () => {
    save.focus();
    disable(save);
    other.focus();
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(other);
  });

  it('does nothing for a button that is gone, or one left without being disabled', async () => {
    save.focus();
    disable(save);
    save.remove();
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(document.body);

    document.body.append(save);
    save.focus();
    save.blur();
    save.disabled = true;
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
