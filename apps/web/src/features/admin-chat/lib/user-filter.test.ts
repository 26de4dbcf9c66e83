import { describe, expect, it } from 'vitest';
import type { AdminChatUser } from '@bourse/contract';
import { filterUsers } from './user-filter';

function user(id: number, name: string, extra: Partial<AdminChatUser> = {}): AdminChatUser {
  const [first = '', last = ''] = name.split(' ');
  return {
    id, name, first_name: first, last_name: last, email: `${first.toLowerCase()}@example.com`, account_id: `BRS${1000 + id}`,
    avatar: null, status: 'active', is_online: false, unread_count: 0, last_message_at: null, ...extra,
  };
}

const users = [
  user(1, 'Ada Lovelace', { is_online: true, last_message_at: '2025-03-07T09:00:00Z' }),
  user(2, 'Alan Turing', { unread_count: 3, last_message_at: '2025-03-07T10:00:00Z' }),
  user(3, 'Grace Hopper'),
];

describe('admin chat user list', () => {
  it('shows everyone on All, latest conversation first', () => {
    expect(filterUsers(users, '', 'All').map((u) => u.id)).toEqual([2, 1, 3]);
  });
  it('keeps online users on Online and users with unread messages on Unread', () => {
    expect(filterUsers(users, '', 'Online').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(users, '', 'Unread').map((u) => u.id)).toEqual([2]);
  });
  it('searches name, email and account id, ignoring case', () => {
    expect(filterUsers(users, 'GRACE', 'All').map((u) => u.id)).toEqual([3]);
    expect(filterUsers(users, 'alan@', 'All').map((u) => u.id)).toEqual([2]);
    expect(filterUsers(users, 'brs1001', 'All').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(users, 'nobody', 'All')).toEqual([]);
  });
});
