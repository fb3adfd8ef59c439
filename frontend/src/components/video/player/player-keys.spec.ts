import { afterEach, describe, expect, it } from 'vitest';
import { playerKeyAction } from '@/components/video/player/player-keys';

function press(key: string, target: Element = document.body, modifiers: Partial<KeyboardEvent> = {}) {
  return playerKeyAction({ key, altKey: false, ctrlKey: false, metaKey: false, target, ...modifiers });
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("the video page's keys, as YouTube's", () => {
  it('plays or pauses on k and Space, and moves 10 s on j/l and 5 s on the arrows', () => {
    expect(press('k')).toEqual({ kind: 'toggle' });
    expect(press('K')).toEqual({ kind: 'toggle' });
    expect(press(' ')).toEqual({ kind: 'toggle' });
    expect(press('j')).toEqual({ kind: 'seekBy', seconds: -10 });
    expect(press('l')).toEqual({ kind: 'seekBy', seconds: 10 });
    expect(press('ArrowLeft')).toEqual({ kind: 'seekBy', seconds: -5 });
    expect(press('ArrowRight')).toEqual({ kind: 'seekBy', seconds: 5 });
    expect(press('x')).toBeNull();
    expect(press('ArrowDown')).toBeNull();
  });

  it('leaves every key to a text field, and shortcuts with Ctrl, Alt or Cmd to the browser', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      const field = document.createElement(tag);
      document.body.append(field);
      expect(press('k', field)).toBeNull();
      expect(press(' ', field)).toBeNull();
      expect(press('ArrowLeft', field)).toBeNull();
    }
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(press('j', editable)).toBeNull();
    expect(press('k', document.body, { ctrlKey: true })).toBeNull();
    expect(press('l', document.body, { metaKey: true })).toBeNull();
    expect(press('j', document.body, { altKey: true })).toBeNull();
  });

  it('leaves Space to a focused button or link, and arrows to tabs and menus', () => {
    const button = document.createElement('button');
    const tabs = document.createElement('div');
    tabs.setAttribute('role', 'tablist');
    const tab = document.createElement('button');
    tabs.append(tab);
    document.body.append(button, tabs);
    expect(press(' ', button)).toBeNull();
    expect(press('k', button)).toEqual({ kind: 'toggle' });
    expect(press('ArrowRight', tab)).toBeNull();
  });
});
