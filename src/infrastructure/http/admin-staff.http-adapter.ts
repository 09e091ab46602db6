import * as Staff from '../../../api/admin-staff';
import type {
  AdminStaffPort,
  NewStaffMember,
  StaffChange,
  StaffMember,
} from '../../application/ports/admin-staff.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** /api/admin/staff through the contract (api/admin-staff.ts). */
export class AdminStaffHttpAdapter implements AdminStaffPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  list(options: CallOptions = {}): Promise<readonly StaffMember[]> {
    return this.api.call(Staff.listStaff, options);
  }

  create(member: NewStaffMember, options: CallOptions = {}): Promise<StaffMember> {
    return this.api.call(Staff.createStaff, { ...options, body: member });
  }

  change(id: number, change: StaffChange, options: CallOptions = {}): Promise<StaffMember> {
    return this.api.call(Staff.updateStaff, { ...options, params: { id }, body: change });
  }
}
