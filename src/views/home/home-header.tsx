/**
 * The home header (SPEC §2): 60 px high, brand-blue text, the operator's logo (setting 82)
 * and the page title, which always ends with the word "Portabilidade": 'Portabilidade' in
 * home mode, the mode's own title ('Solicitar Portabilidade', 'Acompanhar Portabilidade')
 * otherwise — one heading, never the same title twice on the page. At 720 px or less the
 * header moves down 60 px and its fonts shrink (.home-header rules in src/styles.css).
 */
import { useRef } from 'react';
import { useArrivalFocus } from '../../ui/screen';

interface HomeHeaderProps {
  title: string;
  logoUrl: string;
  operatorName: string;
}

export function HomeHeader({ title, logoUrl, operatorName }: HomeHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  return (
    // 60 px high at the usual text size; larger text (a phone's large font) would not fit beside
    // the logo: the title then wraps below it and the header grows, instead of running off the
    // screen. The title goes below only when its longest word has no room (flex-basis 0).
    <header className="home-header flex min-h-header flex-wrap items-center gap-x-4 border-b border-slate-200 bg-white px-4 text-brand-700 shadow-sm">
      {logoUrl ? (
        // Sized and decoded off the main thread so it never holds the first paint back.
        <img
          src={logoUrl}
          alt={operatorName ? `Logo ${operatorName}` : 'Logo da operadora'}
          width={120}
          height={40}
          decoding="async"
          className="h-10 w-[120px] object-contain"
          data-testid="operator-logo"
        />
      ) : (
        <span className="inline-block h-10 w-[120px]" aria-hidden="true" />
      )}
      <h1 ref={heading} tabIndex={-1} className="home-header-title max-w-full flex-1 break-words text-2xl font-semibold focus:outline-none">
        {title}
      </h1>
    </header>
  );
}
