/**
 * What every screen does for people who do not see it change: the tab's title names the
 * screen (WCAG 2.4.2), and a screen reached from another one takes focus to its heading, so
 * a screen reader starts there instead of on the page's body (the button that was pressed is
 * gone with the previous screen). The first screen of a page load leaves focus where the
 * browser put it. The heading needs tabIndex={-1} to take focus.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** The word every title ends with (SPEC §1: the application is titled Portabilidade). */
const APP_TITLE = 'Portabilidade';

export function screenTitle(name: string): string {
  return name === APP_TITLE || name.endsWith(` ${APP_TITLE}`) ? name : `${name} - ${APP_TITLE}`;
}

/** Sets document.title to "<name> - Portabilidade" while the screen shows `name`. */
export function useScreenTitle(name: string): void {
  useEffect(() => {
    document.title = screenTitle(name);
  }, [name]);
}

let screensShown = 0;

/**
 * Focuses `heading` when this screen replaced another one; on the page's first screen only
 * when `evenOnFirstScreen` (a screen that is never a landing page, such as an open session).
 */
export function useArrivalFocus(heading: RefObject<HTMLElement | null>, evenOnFirstScreen = false): void {
  // Counted once per mounted screen, even when development mode runs effects twice.
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    screensShown += 1;
    if (screensShown > 1 || evenOnFirstScreen) heading.current?.focus();
  }, [heading, evenOnFirstScreen]);
}

/**
 * Focuses `target` each time `key` changes after the first render (a new step, a new mode),
 * and brings it into view: focusing an element that already has focus (the heading of the
 * step before, when the browser's Back changes the step) scrolls nothing by itself.
 */
export function useFocusOnChange(target: RefObject<HTMLElement | null>, key: unknown): void {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    const element = target.current;
    if (!element) return;
    if (document.activeElement === element) element.scrollIntoView({ block: 'nearest' });
    else element.focus();
  }, [target, key]);
}
