import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render is a transition: React renders it in slices and yields to the browser between them,
// instead of one long task that a slow phone cannot interrupt (Lighthouse's Total Blocking Time). The
// HTML already paints the page's frame (index.html), so nothing is blank meanwhile.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
