import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { VIEW_FAILED_TEXT, ViewErrorBoundary } from '../src/embed/ViewErrorBoundary';
import { OnDemand, onDemand, retryFailedParts } from '../src/OnDemand';

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

describe('onDemand and the embedded view boundary', () => {
  it('a part whose chunk did not arrive is said with Coba lagi, told once, and fetched again on Coba lagi', async () => {
    let attempts = 0;
    const Part = onDemand(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Loading chunk 123 failed');
      return { default: () => <p>Billing Detail Siswa</p> };
    });
    const failures: number[] = [];
    render(
      <ViewErrorBoundary onFailure={() => failures.push(attempts)} onRetry={retryFailedParts}>
        <OnDemand>
          <Part />
        </OnDemand>
      </ViewErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(VIEW_FAILED_TEXT),
    );
    expect(screen.queryByText(/Loading chunk|Something went wrong/)).toBeNull();
    expect(failures).toEqual([1]);
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await screen.findByText('Billing Detail Siswa');
    expect([attempts, failures]).toEqual([2, [1]]);
  });
});
