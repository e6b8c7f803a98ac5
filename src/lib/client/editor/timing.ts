// Editor timings that other owners read (the benchmark's keystroke floor) without loading the editor.

/** Debounce of saves while typing (the issue asks for at most 300 ms). */
export const SAVE_DELAY_MS = 250;
