/** Who made a back-office change (the signed-in staff member), as the audit trail records it. */
export interface Actor {
  id: number;
  email: string;
}
