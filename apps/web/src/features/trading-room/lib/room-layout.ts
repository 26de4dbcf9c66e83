/** The trading room as its user left it on this device: open panels and their sizes (the charts' layout is kept on the server). */
export type RoomLayout = {
  /** The rail panel open beside the chart (a PanelId), or none. */
  panel: string | null;
  /** The right sidebar on a wide screen; null until the user shows or hides it (then: shown). */
  sidebarOpen: boolean | null;
  drawerOpen: boolean;
  /** Sizes in px of the rail panel and the sidebar on a wide screen, and of the positions drawer. */
  panelWidth: number;
  sidebarWidth: number;
  drawerHeight: number;
};

/** Each size's bounds and default: the drawer's is the SPEC's 200 px, the columns' the room's own. */
export const layoutSizes = {
  panelWidth: { min: 240, max: 560, initial: 320 },
  sidebarWidth: { min: 220, max: 480, initial: 288 },
  drawerHeight: { min: 120, max: 560, initial: 200 },
} as const;
export type LayoutSize = keyof typeof layoutSizes;

export const defaultLayout: RoomLayout = {
  panel: null,
  sidebarOpen: null,
  drawerOpen: true,
  panelWidth: layoutSizes.panelWidth.initial,
  sidebarWidth: layoutSizes.sidebarWidth.initial,
  drawerHeight: layoutSizes.drawerHeight.initial,
};

/** A size kept within its bounds (whole pixels). */
export function clampSize(size: LayoutSize, px: number): number {
  const { min, max } = layoutSizes[size];
  return Math.round(Math.min(max, Math.max(min, px)));
}

const sizeOf = (size: LayoutSize, v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? clampSize(size, v) : layoutSizes[size].initial);

/**
 * The layout kept in storage, read defensively: it was written by an earlier version or edited by
 * hand, so whatever does not fit falls back to its default instead of breaking the room.
 */
export function parseLayout(text: string | null): RoomLayout {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults stand.
  }
  return {
    panel: typeof raw.panel === 'string' && raw.panel ? raw.panel : null,
    sidebarOpen: typeof raw.sidebarOpen === 'boolean' ? raw.sidebarOpen : null,
    drawerOpen: typeof raw.drawerOpen === 'boolean' ? raw.drawerOpen : true,
    panelWidth: sizeOf('panelWidth', raw.panelWidth),
    sidebarWidth: sizeOf('sidebarWidth', raw.sidebarWidth),
    drawerHeight: sizeOf('drawerHeight', raw.drawerHeight),
  };
}
