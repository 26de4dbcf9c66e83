export function SiteSettingsPage() {
  return <p className="p-6 text-muted">SiteSettingsPage</p>;
}

