import { defineAbilityFor, type RoleName, type SubjectName } from '@hatid/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, AccessProvider } from '../../lib/ability';
import { RowActionMenu } from './row-action-menu';
import { rowActionItems, type RowActionHandlers } from './row-actions';

afterEach(cleanup);

const fn = () => vi.fn<() => void>();
const context = (roles: RoleName[], subject: SubjectName = 'Shipment') => ({ subject, ability: defineAbilityFor({ roles }), roles });
const labels = (handlers: RowActionHandlers, roles: RoleName[] = ['admin'], subject: SubjectName = 'Shipment') =>
  rowActionItems(handlers, context(roles, subject)).map((item) => (item.disabled ? `${item.label} (disabled)` : item.label));

describe('row action rules (product.md §2)', () => {
  it('offers View, Edit, Delete with an update handler', () => {
    expect(labels({ onUpdate: fn(), onView: fn(), onDelete: fn() })).toEqual(['View', 'Edit', 'Delete']);
  });

  it('offers View, Edit, Duplicate, Cancel with view and duplicate handlers', () => {
    expect(labels({ onView: fn(), onEdit: fn(), onDuplicate: fn(), onCancel: fn() })).toEqual(['View', 'Edit', 'Duplicate', 'Cancel']);
  });

  it('offers Edit, Delete otherwise', () => {
    expect(labels({ onEdit: fn(), onDelete: fn() })).toEqual(['Edit', 'Delete']);
    // A view handler alone (no duplicate) is not the second shape either.
    expect(labels({ onView: fn(), onEdit: fn(), onDelete: fn() })).toEqual(['Edit', 'Delete']);
  });

  it('never offers Delete for promo codes', () => {
    expect(labels({ onUpdate: fn(), onView: fn(), onDelete: fn() }, ['admin'], 'PromoCode')).toEqual(['View', 'Edit']);
    expect(labels({ onEdit: fn(), onDelete: fn() }, ['admin'], 'PromoCode')).toEqual(['Edit']);
  });

  it('disables Edit and Duplicate for anyone with the ssp role', () => {
    const handlers = { onView: fn(), onEdit: fn(), onDuplicate: fn(), onCancel: fn() };
    expect(labels(handlers, ['ssp'])).toEqual(['View', 'Edit (disabled)', 'Duplicate (disabled)', 'Cancel']);
    expect(labels(handlers, ['ssp', 'staff'])).toEqual(['View', 'Edit (disabled)', 'Duplicate (disabled)', 'Cancel']);
    expect(labels(handlers, ['staff'])).toEqual(['View', 'Edit', 'Duplicate', 'Cancel']);
  });

  it('shows only the items the ability allows on the subject', () => {
    const shipment = { onView: fn(), onEdit: fn(), onDuplicate: fn(), onCancel: fn() };
    // A sales agent views shipments only; a rider views and updates them but books nothing.
    expect(labels(shipment, ['sales_agent'])).toEqual(['View']);
    expect(labels(shipment, ['rider'])).toEqual(['View', 'Edit', 'Cancel']);
    // Staff manage clients but may not delete them; nobody deletes users.
    expect(labels({ onUpdate: fn(), onView: fn(), onDelete: fn() }, ['staff'], 'Client')).toEqual(['View', 'Edit']);
    expect(labels({ onUpdate: fn(), onView: fn(), onDelete: fn() }, ['super_admin'], 'User')).toEqual(['View', 'Edit']);
    expect(labels({ onEdit: fn(), onDelete: fn() }, ['customer'], 'PromoCode')).toEqual([]);
  });

  it('voids payments instead of deleting them: the delete slot reads Void and needs update', () => {
    const handlers = { onUpdate: fn(), onView: fn(), onDelete: fn() };
    // Staff change payments without holding `delete Transaction`; ssp only look.
    expect(labels(handlers, ['staff'], 'Transaction')).toEqual(['View', 'Edit', 'Void']);
    expect(labels(handlers, ['admin'], 'Transaction')).toEqual(['View', 'Edit', 'Void']);
    expect(labels(handlers, ['ssp'], 'Transaction')).toEqual(['View']);
    expect(labels({ onUpdate: fn(), onView: fn() }, ['staff'], 'Transaction')).toEqual(['View', 'Edit', 'Void (disabled)']);
  });

  it('disables an item whose handler is missing (e.g. Cancel on a delivered shipment)', () => {
    expect(labels({ onView: fn(), onEdit: fn(), onDuplicate: fn() }, ['staff'])).toEqual(['View', 'Edit', 'Duplicate', 'Cancel (disabled)']);
  });
});

describe('RowActionMenu', () => {
  const renderMenu = (roles: RoleName[], handlers: RowActionHandlers, subject: SubjectName = 'Shipment') =>
    render(
      <AccessProvider access={accessFor({ roles: roles.map((name, id) => ({ id, name })) })}>
        <RowActionMenu subject={subject} label="ND123456785PH" {...handlers} />
      </AccessProvider>,
    );

  it('opens a menu of the allowed items and runs the chosen one', async () => {
    const user = userEvent.setup();
    const onDuplicate = fn();
    renderMenu(['staff'], { onView: fn(), onEdit: fn(), onDuplicate, onCancel: fn() });
    await user.click(screen.getByRole('button', { name: 'Actions for ND123456785PH' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View', 'Edit', 'Duplicate', 'Cancel']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Duplicate' }));
    expect(onDuplicate).toHaveBeenCalledOnce();
  });

  it('shows Edit and Duplicate disabled to ssp, and does not run them', async () => {
    // A disabled item ignores the pointer (pointer-events: none); click it anyway to prove nothing runs.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onEdit = fn();
    renderMenu(['ssp'], { onView: fn(), onEdit, onDuplicate: fn(), onCancel: fn() });
    await user.click(screen.getByRole('button', { name: 'Actions for ND123456785PH' }));
    const menu = await screen.findByRole('menu');
    const edit = within(menu).getByRole('menuitem', { name: 'Edit' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Duplicate' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Cancel' }).getAttribute('aria-disabled')).toBeNull();
    await user.click(edit);
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('renders no menu at all when no item is allowed', () => {
    renderMenu(['customer'], { onEdit: fn(), onDelete: fn() }, 'PromoCode');
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });
});
