// Editor timings that other owners read (the benchmark's keystroke floor) without loading the editor.

/** Debounce of saves while typing (the issue asks for at most 300 ms). */
export const SAVE_DELAY_MS = 250;

/**
 * A file deleted elsewhere while the person types in it stays, with the conflict bar, when their
 * last keystroke in it is this recent, though the hub stored it all: closing it would send their
 * next keys into another file.
 */
export const STILL_TYPING_MS = 2000;
