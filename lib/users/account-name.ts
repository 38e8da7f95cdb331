/** How the header names a signed-in account: its username when it has one, else its address. */
export function accountName(user: { username: string | null; email: string }): string {
  return user.username ?? user.email;
}
