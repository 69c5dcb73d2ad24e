// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { focusNewPage } from './page-focus';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focusNewPage', () => {
  let main: HTMLElement;
  let stop: () => void = () => {};

  beforeEach(() => {
    document.body.innerHTML =
      '<nav><a href="/listing" id="link">Listing</a></nav><main id="main-content" tabindex="-1"></main>';
    main = document.getElementById('main-content') as HTMLElement;
    (document.getElementById('link') as HTMLElement).focus();
  });
  afterEach(() => stop());

  const addTitle = (parent: HTMLElement = main) => {
    const title = document.createElement('h1');
    title.tabIndex = -1;
    title.textContent = 'Project listing';
    parent.append(title);
    return title;
  };

  it("puts the focus on the page's h1", () => {
    main.innerHTML = '<div><button>Export</button></div>';
    const title = addTitle();
    stop = focusNewPage(main);
    expect(document.activeElement).toBe(title);
  });

  it('puts it on main while the page has no h1, and on the h1 once it is drawn', async () => {
    main.innerHTML = '<div role="status">Loading</div>';
    stop = focusNewPage(main);
    expect(document.activeElement).toBe(main);
    main.innerHTML = '';
    const title = addTitle();
    await settle();
    expect(document.activeElement).toBe(title);
  });

  it('moves it to a title drawn anew when the one it was on is replaced', async () => {
    const skeleton = document.createElement('div');
    main.append(skeleton);
    addTitle(skeleton);
    stop = focusNewPage(main);
    skeleton.remove();
    main.focus();
    main.blur();
    expect(document.activeElement).toBe(document.body);
    const title = addTitle();
    await settle();
    expect(document.activeElement).toBe(title);
  });

  it('leaves the focus where a page put it while it loaded', async () => {
    stop = focusNewPage(main);
    const field = document.createElement('input');
    main.append(field);
    field.focus();
    await settle();
    addTitle();
    await settle();
    expect(document.activeElement).toBe(field);
  });

  it('stops following the page once the user presses a key', async () => {
    stop = focusNewPage(main);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    addTitle();
    await settle();
    expect(document.activeElement).toBe(main);
  });

  it('stops following the page when told (the next page change)', async () => {
    stop = focusNewPage(main);
    stop();
    addTitle();
    await settle();
    expect(document.activeElement).toBe(main);
  });
});
