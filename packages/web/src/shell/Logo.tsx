/** The console's mark: a stylised car in the theme's orange. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="CP运营管理系统标志">
      <rect width="32" height="32" rx="8" fill="#fa8c16" />
      <path d="M7 19l2.2-5.6A2 2 0 0 1 11.1 12h9.8a2 2 0 0 1 1.9 1.4L25 19v4h-3v-2H10v2H7z" fill="#fff" />
      <circle cx="11" cy="19" r="1.6" fill="#fa8c16" />
      <circle cx="21" cy="19" r="1.6" fill="#fa8c16" />
    </svg>
  );
}
