/**
 * The layout shared by nova-solicitacao and acompanhamento (SPEC §2 "Layout"):
 * header with the page title and "Portabilidade", a sidebar menu (collapsible on phones,
 * open by default at 720 px or more) with the version tag, and a footer with the
 * regulator (ANS) mark and the plan's seal (setting key 84). A screen with an open session
 * (tracking) adds 'Encerrar sessão' and decides what leaving by the menu does.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { APP_VERSION } from '../../app/version';
import { storage } from '../../storage';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { useBranding, type BrandingPart } from '../../flows/branding';
import { useArrivalFocus, useScreenTitle } from '../../ui/screen';
import { OperatorContactCard } from './operator-contact';

export interface PortalLayoutProps {
  title: string;
  /** The tab's title when it says more than the heading (the wizard's step); `title` otherwise. */
  pageTitle?: string;
  children?: ReactNode;
  /** What the menu items do (SPEC: both return home); without it they only navigate home. */
  onLeave?: () => void;
  /** When given, 'Encerrar sessão' sits in the header (desktop) and in the phone menu. */
  onEndSession?: () => void;
  /** Focuses the heading even when this is the page's first screen (a reload of an open session). */
  focusTitleOnEntry?: boolean;
}

const END_SESSION = 'Encerrar sessão';
/** The footer's seal (SPEC §2 "Layout"); the branding also sets the tab's icon. */
const LAYOUT_BRANDING: readonly BrandingPart[] = ['seal'];

function AnsMark() {
  // Inline mark: no network request, no third-party logo file to keep up to date.
  return (
    <svg role="img" aria-label="ANS - Agência Nacional de Saúde Suplementar" width="96" height="40" viewBox="0 0 96 40">
      <rect x="0" y="0" width="96" height="40" rx="6" fill="#0b4787" />
      <text x="48" y="27" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="20" fill="#ffffff">
        ANS
      </text>
    </svg>
  );
}

export function PortalLayout({ title, pageTitle = title, children, onLeave, onEndSession, focusTitleOnEntry = false }: PortalLayoutProps) {
  const [, navigate] = useLocation();
  const cdEmpresaPlano = storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO;
  const { sealUrl } = useBranding(cdEmpresaPlano, LAYOUT_BRANDING);
  // Only phones fold the menu (its button shows below 720 px); from 720 px the stylesheet keeps
  // it open. The markup is the same at any width, so the prerendered page hydrates as it is.
  const [menuOpen, setMenuOpen] = useState(false);

  const titleRef = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(titleRef, focusTitleOnEntry);
  useScreenTitle(pageTitle);

  const goHome = onLeave ?? (() => navigate(`/home/${cdEmpresaPlano}`));
  const menuItems = ['Nova Solicitação', 'Acompanhar Solicitação'];
  const menuButton =
    'min-h-11 w-full rounded-md px-3 text-left text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500';

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-800">
      {/* 60 px high at the usual text size; with larger text it grows rather than spill its
          title over the page (at 200 % on a phone the title takes two lines and more), and its
          side gutters and gap stay 16 and 12 px so that 'Acompanhar' still has room beside the
          menu button. */}
      <header className="flex min-h-header items-center gap-[12px] border-b border-slate-200 bg-white px-[16px] py-1 text-brand-700 shadow-sm">
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-md border border-slate-300 px-2 text-brand-700 desktop:hidden"
          aria-expanded={menuOpen}
          aria-controls="portal-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="sr-only">{menuOpen ? 'Fechar menu' : 'Abrir menu'}</span>
        </button>
        <h1
          ref={titleRef}
          tabIndex={-1}
          className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-lg font-semibold outline-none desktop:text-2xl"
        >
          <span className="min-w-0 break-words">{title}</span>
          <span className="text-sm font-normal text-slate-600 desktop:text-base">Portabilidade</span>
        </h1>
        {onEndSession && (
          // On phones it lives in the menu: the header has no room beside the title at 320 px.
          <button
            type="button"
            onClick={onEndSession}
            className="ml-auto hidden min-h-11 shrink-0 rounded-md border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 desktop:inline-block"
          >
            {END_SESSION}
          </button>
        )}
      </header>
      <div className="flex flex-1 flex-col desktop:flex-row">
        <nav
          id="portal-menu"
          aria-label="Menu principal"
          className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white desktop:block desktop:w-60 desktop:border-b-0 desktop:border-r`}
        >
          <ul className="flex flex-col p-2">
            {menuItems.map((label) => (
              <li key={label}>
                <button type="button" onClick={goHome} className={menuButton}>
                  {label}
                </button>
              </li>
            ))}
            {onEndSession && (
              <li className="desktop:hidden">
                <button type="button" onClick={onEndSession} className={`${menuButton} font-semibold`}>
                  {END_SESSION}
                </button>
              </li>
            )}
          </ul>
          <p className="px-5 pb-3 text-sm text-slate-600" data-testid="version-tag">
            Versão {APP_VERSION}
          </p>
        </nav>
        {/* At least a screen high, so the footer starts below the fold and never jumps as the
            page's content arrives (CLS). Phone gutters in px: grown with the text, they left a
            phone's large font 64 px less for a field's value ('TITULAR' was cut to 'TITUL…'). */}
        <main className="min-h-[calc(100svh-60px)] min-w-0 flex-1 p-[16px] desktop:p-8">{children}</main>
      </div>
      <footer className="flex flex-wrap items-center justify-center gap-x-6 gap-y-3 border-t border-slate-200 bg-white px-4 py-3">
        {/* A person to reach, and the ANS, on every screen (issue 26). */}
        <OperatorContactCard compact />
        <AnsMark />
        {/* A fixed box, so the ANS mark does not move when the seal arrives. */}
        {sealUrl ? (
          <img src={sealUrl} alt="Selo da operadora" width={96} height={40} decoding="async" className="h-10 w-24 object-contain" />
        ) : (
          <span className="inline-block h-10 w-24" aria-hidden="true" />
        )}
      </footer>
    </div>
  );
}
