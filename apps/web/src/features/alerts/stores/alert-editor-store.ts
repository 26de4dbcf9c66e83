import { create } from 'zustand';
import type { Alert } from '@bourse/contract';

/** The instrument an alert is set on, as the places that open the editor know it. */
export type AlertTarget = { asset_id: number; symbol: string; digits: number };

type EditorState = {
  /** A new alert on `target` (at `level` when picked on the chart), or an edit of `alert`. */
  editor: { target: AlertTarget; level?: number; alert?: Alert } | null;
  listOpen: boolean;
  create: (target: AlertTarget, level?: number) => void;
  edit: (alert: Alert) => void;
  closeEditor: () => void;
  setListOpen: (open: boolean) => void;
};

/** Which alert dialogs are open; one pair serves the chart, the market watch and the asset info. */
export const useAlertEditor = create<EditorState>()((set) => ({
  editor: null,
  listOpen: false,
  create: (target, level) => set({ editor: { target, level } }),
  edit: (alert) => set({ editor: { target: { asset_id: alert.asset_id, symbol: alert.symbol, digits: alert.digits }, alert } }),
  closeEditor: () => set({ editor: null }),
  setListOpen: (listOpen) => set({ listOpen }),
}));

/** Opens the editor for a new alert on an instrument of the catalogue. */
export function createAlertOn(asset: { asset_id: number; symbol_display: string; digits: number }, level?: number): void {
  useAlertEditor.getState().create({ asset_id: asset.asset_id, symbol: asset.symbol_display, digits: asset.digits }, level);
}
