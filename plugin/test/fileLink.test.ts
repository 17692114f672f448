import { describe, expect, it } from 'vitest';
import { parseFileLink } from '../src/fileLink';

describe('parseFileLink', () => {
  it.each([
    ['https://www.figma.com/file/AbC123xyz/My-Wireframes?node-id=12-34&t=x', 'AbC123xyz', '12:34'],
    ['https://www.figma.com/design/Qwe987/Design-System', 'Qwe987', null],
    ['  https://figma.com/design/K1/Title?type=design#frag  ', 'K1', null],
    ['https://www.figma.com/design/K2', 'K2', null],
    ['https://www.figma.com/design/K3/Name/branch/B4/x', 'K3', null],
  ])('%s', (link, key, node) => {
    expect(parseFileLink(link)).toEqual({ fileKey: key, nodeId: node });
  });

  it.each([
    'https://www.figma.com/board/K1/Board',
    'https://www.figma.com/proto/K1/Proto',
    'https://evil.example/design/K1/x',
    'http://www.figma.com/design/K1/x',
    'https://www.figma.com/design/K_1/x',
    'AbC123',
    '',
  ])('refuses %s', (link) => {
    expect(parseFileLink(link)).toBeNull();
  });
});
