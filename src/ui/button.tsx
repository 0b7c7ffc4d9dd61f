import type { ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'secondary' | 'link';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-300 disabled:text-slate-600',
  secondary: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-500',
  link: 'text-brand-700 underline underline-offset-2 hover:text-brand-900 disabled:text-slate-500',
};

/**
 * A button at least 44 px tall (WCAG target size, thumb-friendly on phones). Its side padding
 * stays 20 px whatever the text size (in rem it was 40 px at 200 %, and a phone's large font had
 * no room left for 'Acompanhar'); it is never wider than its container, and a word longer than
 * the line breaks inside the button rather than spill out of it.
 */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  const box = variant === 'link' ? 'min-h-11 px-2' : 'min-h-11 rounded-md px-[20px] font-semibold';
  return (
    <button
      type={type}
      className={`${box} max-w-full break-words ${variants[variant]} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed ${className}`}
      {...props}
    />
  );
}
