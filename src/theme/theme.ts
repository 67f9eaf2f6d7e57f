/**
 * The calm theme's measures, and its colours as custom properties: their values, in the
 * light, dark and high-contrast themes, are in themes.css (issue 20), so switching theme
 * changes no component and costs the entry script nothing.
 */
export const theme = {
  colors: {
    background: 'var(--c-background)',
    surface: 'var(--c-surface)',
    surfaceMuted: 'var(--c-surface-muted)',
    text: 'var(--c-text)',
    textMuted: 'var(--c-text-muted)',
    border: 'var(--c-border)',
    primary: 'var(--c-primary)',
    primaryHover: 'var(--c-primary-hover)',
    onPrimary: 'var(--c-on-primary)',
    purple: 'var(--c-purple)',
    purpleHover: 'var(--c-purple-hover)',
    onPurple: 'var(--c-on-purple)',
    danger: 'var(--c-danger)',
    dangerSurface: 'var(--c-danger-surface)',
    onDanger: 'var(--c-on-danger)',
    success: 'var(--c-success)',
    successSurface: 'var(--c-success-surface)',
    info: 'var(--c-info)',
    infoSurface: 'var(--c-info-surface)',
    focus: 'var(--c-focus)',
    level: {
      green: { fill: 'var(--c-level-green)', text: 'var(--c-on-level)' },
      yellow: { fill: 'var(--c-level-yellow)', text: 'var(--c-on-level)' },
      red: { fill: 'var(--c-level-red)', text: 'var(--c-on-level)' },
    },
    empty: 'var(--c-empty)',
    /** Over a photo, around what stays clear (the crop's circle). */
    scrim: 'var(--c-scrim)',
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
  shadow: '0 1px 3px var(--c-shadow)',
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
