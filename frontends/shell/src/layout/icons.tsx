/** The few icons of the shell's chrome, inline (the icon library is loaded with antd only). */
const svg = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const;

export const BellIcon = () => (
  <svg {...svg}>
    <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);

export const UserIcon = () => (
  <svg {...svg}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...svg}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);

export const DownIcon = () => (
  <svg {...svg} width="0.75em" height="0.75em">
    <path d="m6 9 6 6 6-6" />
  </svg>
);
