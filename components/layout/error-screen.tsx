import "./error-screen.css";

/**
 * Error layout (spec §2): a title, an explanation and a HOME button to /, with Try again where reading the
 * page anew may help. Styled by its own small stylesheet (error-screen.css), not the portal's: the root
 * error and not-found screens show in place of every layout that loads it. HOME is a plain link (a full
 * load of /): the root error and not-found screens come with every page's script, and next/link in them
 * was fetched twice more on every cold load (about 7 KB compressed, README 'Performance'); after an error
 * a fresh load is what home should be anyway.
 */
export function ErrorScreen({ title, explanation, onRetry }: { title: string; explanation: string; onRetry?: () => void }) {
  return (
    <main className="error-screen">
      <h1>{title}</h1>
      <p>{explanation}</p>
      <div className="error-screen-actions">
        {onRetry && (
          <button type="button" onClick={onRetry} className="error-screen-action error-screen-retry">
            Try again
          </button>
        )}
        <a href="/" className="error-screen-action error-screen-home">
          HOME
        </a>
      </div>
    </main>
  );
}
