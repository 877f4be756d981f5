/** Standalone page for development: the admin app alone at /admin, talking to /api through the dev proxy. */
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp';

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(<AdminApp standalone />);
