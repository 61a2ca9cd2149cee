// The signed-in session: the token lives in sessionStorage (this tab only, gone when it closes), nowhere else.

/** What the session needs of the browser's sessionStorage. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const TOKEN_KEY = 'plaque-dashboard.token';

export function session(storage: TokenStorage) {
  return {
    token: (): string | null => {
      try {
        return storage.getItem(TOKEN_KEY);
      } catch {
        return null;
      }
    },
    signIn: (token: string): void => storage.setItem(TOKEN_KEY, token),
    signOut: (): void => storage.removeItem(TOKEN_KEY),
  };
}
