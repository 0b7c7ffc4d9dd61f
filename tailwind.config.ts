import type { Config } from 'tailwindcss';

// Brand theme. Loaded from src/styles.css with `@config` (Tailwind 4).
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef5fc',
          100: '#d6e7f7',
          500: '#1f6fc5',
          600: '#0f5aa8',
          700: '#0b4787',
          900: '#06284d',
        },
        accent: { 500: '#f28c28', 600: '#d9741a' },
      },
      height: { header: '60px' },
      screens: { desktop: '720px' },
    },
  },
} satisfies Config;
