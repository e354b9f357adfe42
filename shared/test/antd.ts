// Driving antd widgets in jsdom tests.
import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Opens an antd select by its label and picks the option with this text. */
export async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}
