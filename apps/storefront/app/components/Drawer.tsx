import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '~/i18n/use-translation';

const noSubscription = () => () => {};

/** False in the server's HTML and while React takes it over, true once the page runs (no hydration mismatch). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type ToggleProps = { href: string; onClick: () => void; expanded?: boolean; controls?: string; className?: string; label?: string; children: React.ReactNode };

/**
 * A link to `href` (`#id`: the drawer opens as the URL's :target, no JavaScript needed) that becomes a real
 * button once the page runs (docs/adr/0017).
 */
export function DrawerToggle({ href, onClick, expanded, controls, className, label, children }: ToggleProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={href} className={className} aria-label={label}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" onClick={onClick} aria-expanded={expanded} aria-controls={controls} aria-label={label} className={className}>
      {children}
    </button>
  );
}

const OVERLAY_OPENED = 'shop:overlay-opened';

/**
 * One overlay at a time (ADR 55): while `open`, this overlay (menu, filters, mini cart, search suggestions, consent
 * dialog) gives way, through `yieldTo`, to any other that opens; that one then has the focus.
 */
export function useOneOverlay(open: boolean, yieldTo: () => void) {
  const latest = useRef(yieldTo);
  useEffect(() => {
    latest.current = yieldTo;
  });
  useEffect(() => {
    if (!open) return;
    const self = {};
    window.dispatchEvent(new CustomEvent(OVERLAY_OPENED, { detail: self }));
    const onOpened = (event: Event) => (event as CustomEvent).detail !== self && latest.current();
    window.addEventListener(OVERLAY_OPENED, onOpened);
    return () => window.removeEventListener(OVERLAY_OPENED, onOpened);
  }, [open]);
}

/**
 * A <details> that opens a panel over the page (the header's country and language choosers): it works without
 * JavaScript; with it, it is one overlay among the others, and Escape closes it, the focus back on its summary.
 */
export function Popover({ summary, children }: { summary: React.ReactNode; children: React.ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useOneOverlay(open, () => details.current?.removeAttribute('open'));
  return (
    <details
      ref={details}
      className="relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector('summary')?.focus();
      }}
    >
      {summary}
      {children}
    </details>
  );
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea,summary,[tabindex="0"]';

/** While open: Tab and Shift+Tab stay in the panel, Escape closes it, the page behind does not scroll; closed, the focus returns. */
export function useModal(panel: React.RefObject<HTMLElement | null>, open: boolean, setOpen: (open: boolean) => void) {
  // Closed because another overlay opened: the focus is that one's.
  const yielded = useRef(false);
  useOneOverlay(open, () => {
    yielded.current = true;
    setOpen(false);
  });
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        return;
      }
      if (event.key !== 'Tab') return;
      // Only the controls the shopper can see (a closed <details> hides its content).
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.getClientRects().length > 0);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (!first || !last) return event.preventDefault();
      if (event.shiftKey && (active === first || active === element || !element.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !element.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.documentElement.classList.add('overflow-hidden');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.documentElement.classList.remove('overflow-hidden');
      if (!yielded.current) opener?.focus();
      yielded.current = false;
    };
  }, [panel, open, setOpen]);
}

const BACKDROP = 'absolute inset-0 bg-stone-900/50 lg:hidden';

type DrawerProps = {
  id: string;
  title: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The side it slides in from on a phone. */
  side?: 'left' | 'right';
  /** Classes of the panel from the `lg` breakpoint up, where the drawer is part of the page instead (filters). */
  wide?: string;
  children: React.ReactNode;
};

/**
 * A panel over the page on a phone (menu, filters); from the `lg` breakpoint up it is hidden, or part of the
 * page when `wide` says how. Without JavaScript it opens as the URL's :target and closes with a link; with
 * it, it is a modal dialog (focus kept inside, Escape closes, focus back to the opener). See docs/adr/0017.
 */
export function Drawer({ id, title, open, setOpen, side = 'left', wide, children }: DrawerProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useModal(panel, open, setOpen);
  const close = () => setOpen(false);
  return (
    <div id={id} className={`${open ? 'flex' : 'hidden target:flex'} fixed inset-0 z-50 ${side === 'right' ? 'justify-end' : ''} ${wide ? 'lg:static lg:z-auto lg:block' : 'lg:hidden'}`}>
      {/* The dimmed page behind: a tap on it closes the drawer (the close button is the keyboard's way). */}
      {hydrated ? (
        <div aria-hidden="true" onClick={close} className={BACKDROP} />
      ) : (
        <a href="#_" aria-hidden="true" tabIndex={-1} className={BACKDROP} />
      )}
      <div
        ref={panel}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        aria-label={open ? title : undefined}
        tabIndex={-1}
        className={`relative flex w-[22rem] max-w-[88vw] flex-col overflow-y-auto overscroll-contain bg-white p-4 shadow-xl outline-none ${wide ?? ''}`}
      >
        <div className="mb-2 flex items-center justify-between gap-4 lg:hidden">
          <p className="text-lg font-semibold">{title}</p>
          <DrawerToggle href="#_" onClick={close} label={t('drawer.close')} className="flex h-11 w-11 items-center justify-center rounded text-2xl hover:bg-stone-100">
            <span aria-hidden="true">×</span>
          </DrawerToggle>
        </div>
        {children}
      </div>
    </div>
  );
}
