import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from '#client/landing/landing-app.tsx';
import './landing.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LandingApp />
  </StrictMode>,
);
