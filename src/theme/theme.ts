/**
 * One calm theme. Every text colour meets WCAG AA (4.5:1) on the surfaces it is used
 * on; the level colours for bars and badges meet 3:1 as graphics and carry their own
 * text colour where they hold text.
 */
export const theme = {
  colors: {
    background: '#f6f4f1',
    surface: '#ffffff',
    surfaceMuted: '#eeebe6',
    text: '#1f2933',
    textMuted: '#4b5563',
    border: '#cfc9c0',
    primary: '#2f5d8a',
    primaryHover: '#244a6f',
    onPrimary: '#ffffff',
    purple: '#6a4c93',
    purpleHover: '#573d7a',
    onPurple: '#ffffff',
    danger: '#b3261e',
    dangerSurface: '#fdecea',
    onDanger: '#ffffff',
    success: '#1e6b3d',
    successSurface: '#e6f4ea',
    info: '#2f5d8a',
    infoSurface: '#e8eff7',
    focus: '#1a73e8',
    level: {
      green: { fill: '#2e7d4f', text: '#ffffff' },
      yellow: { fill: '#a16b00', text: '#ffffff' },
      red: { fill: '#b3261e', text: '#ffffff' },
    },
    empty: '#d9d4cc',
    /** Over a photo, around what stays clear (the crop's circle). */
    scrim: 'rgba(31, 41, 51, 0.45)',
  },
  space: (n: number) => `${n * 4}px`,
  radius: { small: '6px', medium: '10px', large: '16px', pill: '999px' },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { small: '0.875rem', body: '1rem', large: '1.125rem', title: '1.5rem' },
    weight: { normal: 400, medium: 500, bold: 650 },
  },
  touchTarget: '44px',
  maxWidth: '40rem',
  /** A wide page's measure, from `media.wide` on. */
  wideMaxWidth: '76rem',
  /** From here the app uses the width: wide pages, two columns, cards in a grid. */
  media: { wide: '@media (min-width: 1024px)' },
  shadow: '0 1px 3px rgba(31, 41, 51, 0.12)',
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
