import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { OnDemand } from '../src/OnDemand';

describe('OnDemand', () => {
  it('says "Memuat…" as a status while the part is fetched, then shows it', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => {};
    const Part = lazy(
      () => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve)),
    );
    render(
      <OnDemand>
        <Part />
      </OnDemand>,
    );
    expect(screen.getByRole('status', { name: 'Memuat…' })).toBeTruthy();
    await act(async () => arrive({ default: () => <p>Form Pembayaran</p> }));
    await screen.findByText('Form Pembayaran');
    expect(screen.queryByRole('status', { name: 'Memuat…' })).toBeNull();
  });
});
