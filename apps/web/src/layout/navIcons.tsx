import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import BrushOutlined from '@mui/icons-material/BrushOutlined';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Dashboard from '@mui/icons-material/Dashboard';
import FactCheck from '@mui/icons-material/FactCheck';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Group from '@mui/icons-material/Group';
import ListAlt from '@mui/icons-material/ListAlt';
import ModelTraining from '@mui/icons-material/ModelTraining';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import Psychology from '@mui/icons-material/Psychology';
import Settings from '@mui/icons-material/Settings';
import Storage from '@mui/icons-material/Storage';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import VideoLibrary from '@mui/icons-material/VideoLibrary';
import Videocam from '@mui/icons-material/Videocam';
import type SvgIcon from '@mui/material/SvgIcon';
import type { NavIcon } from './navigationItems';

export const NAV_ICONS: Record<NavIcon, typeof SvgIcon> = {
  dashboard: Dashboard,
  videos: VideoLibrary,
  report: Assessment,
  qualityControl: FactCheck,
  live: Videocam,
  datasets: Storage,
  upload: CloudUpload,
  frames: PhotoLibrary,
  annotation: BrushOutlined,
  training: ModelTraining,
  prediction: Psychology,
  users: Group,
  roles: AdminPanelSettings,
  permissions: VerifiedUser,
  projects: FolderOpen,
  logs: ListAlt,
  settings: Settings,
};
