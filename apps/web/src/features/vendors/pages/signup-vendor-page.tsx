import { UserPlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { AddVendorForm } from '../components/add-vendor-form'
import { VendorList } from '../components/vendor-list'
import { DocumentTitle } from '@/components/document-title'

/** /admin/signup-vendor: the "Add New Vendor" side sheet, with the sellers list under it. */
export default function SignupVendorPage() {
  const [open, setOpen] = useState(false)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Sign up vendor | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Sign up vendor
          </h1>
          <p className="text-sm text-muted-foreground">
            Sellers you create here start approved and can sign in at once.
          </p>
        </div>
        <Button className="h-11 w-full sm:w-auto" onClick={() => setOpen(true)}>
          <UserPlusIcon aria-hidden="true" />
          Add New Vendor
        </Button>
      </div>
      <VendorList />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent side="right" className="gap-0">
          <DialogHeader className="border-b px-5 py-4 pr-14">
            <DialogTitle>Add New Vendor</DialogTitle>
            <DialogDescription>
              Create a seller account. The seller signs in with this email and password, and can
              list products once approved with a GSTIN.
            </DialogDescription>
          </DialogHeader>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            {/* Mounted only while open, so closing resets the form. */}
            {open && <AddVendorForm onCreated={() => setOpen(false)} />}
          </div>
        </DialogContent>
      </Dialog>
    </section>
  )
}
