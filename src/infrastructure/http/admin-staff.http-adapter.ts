import * as Staff from '../../../api/admin-staff';
import type {
  AdminStaffPort,
  AuditPage,
  AuditQuery,
  NewStaffMember,
  StaffChange,
  StaffMember,
  StaffProfile,
  TotpEnrolment,
} from '../../application/ports/admin-staff.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** /api/admin/staff, the audit log and the profile through the contract (api/admin-staff.ts). */
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

  resetSecondFactor(id: number, options: CallOptions = {}): Promise<StaffMember> {
    return this.api.call(Staff.resetStaffSecondFactor, { ...options, params: { id } });
  }

  audit(query: AuditQuery, options: CallOptions = {}): Promise<AuditPage> {
    return this.api.call(Staff.listAudit, { ...options, query });
  }

  profile(options: CallOptions = {}): Promise<StaffProfile> {
    return this.api.call(Staff.getStaffProfile, options);
  }

  startTotpSetup(options: CallOptions = {}): Promise<TotpEnrolment> {
    return this.api.call(Staff.startTotpSetup, options);
  }

  async confirmTotp(code: string, options: CallOptions = {}): Promise<readonly string[]> {
    return (await this.api.call(Staff.confirmTotp, { ...options, body: { code } })).recoveryCodes;
  }

  disableTotp(code: string, options: CallOptions = {}): Promise<StaffProfile> {
    return this.api.call(Staff.disableTotp, { ...options, body: { code } });
  }
}
