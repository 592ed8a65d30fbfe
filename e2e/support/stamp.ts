/** A tag for the names a test makes, unique to its run (the desktop and phone projects run @phone tests side by side). */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
