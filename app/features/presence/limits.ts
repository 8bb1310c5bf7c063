/** Shared by server and browser (ADR 021). */

/** At most one typing event per sender and conversation in this time; the browser sends no more often either. */
export const TYPING_INTERVAL_MS = 3000;
/**
 * How long "schreibt …" stays after the last typing event: two signal intervals, so steady typing
 * (one event every 3 s, give or take the network) keeps it without flicker.
 */
export const TYPING_SHOWN_MS = 6000;
