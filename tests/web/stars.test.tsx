import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stars } from '../../src/web/components/catalogue/Stars';

afterEach(cleanup);

/** What each of the five stars shows, first to last. */
const drawn = () => [...screen.getByRole('img').querySelectorAll('[data-star]')].map((star) => star.getAttribute('data-star'));

describe('a rating in stars', () => {
  it('draws 4.5 as four and a half stars, and says 4.5 out of 5', () => {
    render(<Stars value={4.5} />);
    expect(drawn()).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
  });

  it('rounds to the nearest half star, and reads the figure to one decimal', () => {
    render(<Stars value={4.33} />);
    expect(drawn()).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(screen.getByRole('img', { name: '4.3 out of 5 stars' })).toBeTruthy();
    cleanup();
    render(<Stars value={3.2} />);
    expect(drawn()).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    cleanup();
    render(<Stars value={5} />);
    expect(drawn()).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
});
