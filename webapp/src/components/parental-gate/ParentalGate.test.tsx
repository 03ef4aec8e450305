import { fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import ar from '@locales/ar.json';
import { expectFieldAnnounced } from '@/test/announced';
import { renderWithIntl } from '@/test/render';
import ParentalGate from './ParentalGate';

const randoms = [0.7, 0.2, 0.9, 0.1, 0.1, 0.1]; // 7 2 9, then 1 1 1
beforeEach(() => {
  let i = 0;
  jest.spyOn(Math, 'random').mockImplementation(() => randoms[i++ % randoms.length]);
});
afterEach(() => jest.restoreAllMocks());

describe('parental gate', () => {
  it('shows the number in words and lets a grown-up through', () => {
    const onPass = jest.fn();
    renderWithIntl(<ParentalGate onPass={onPass} onClose={jest.fn()} />);
    expect(screen.getByText('seven, two, nine')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(new RegExp(en.ParentalGate.task)), {
      target: { value: '729' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.ParentalGate.continue }));
    expect(onPass).toHaveBeenCalled();
  });

  it('gives a new task after a wrong answer', () => {
    const onPass = jest.fn();
    renderWithIntl(<ParentalGate onPass={onPass} onClose={jest.fn()} />);
    fireEvent.change(screen.getByLabelText(new RegExp(en.ParentalGate.task)), {
      target: { value: '123' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.ParentalGate.continue }));
    expect(onPass).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(en.ParentalGate.wrong);
    expect(screen.getByText('one, one, one')).toBeInTheDocument();
  });

  it('focuses the answer field after a wrong answer, described by the message', async () => {
    renderWithIntl(<ParentalGate onPass={jest.fn()} onClose={jest.fn()} />);
    const field = screen.getByLabelText(new RegExp(en.ParentalGate.task));
    fireEvent.change(field, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: en.ParentalGate.continue }));
    await expectFieldAnnounced(field, en.ParentalGate.wrong);
  });

  it('writes the words in Arabic', () => {
    renderWithIntl(<ParentalGate onPass={jest.fn()} onClose={jest.fn()} />, 'ar');
    expect(screen.getByText(/سبعة.*اثنان.*تسعة/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleName(ar.ParentalGate.title);
  });
});
