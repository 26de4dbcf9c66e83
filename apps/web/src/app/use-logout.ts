/** Shared with feature layouts (the admin area), which may not import from app/. */
export { useLogout } from '@/hooks/use-logout';
